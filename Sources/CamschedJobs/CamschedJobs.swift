// CamschedJobs
