// CamschedScheduler
