// CamschedFiling
