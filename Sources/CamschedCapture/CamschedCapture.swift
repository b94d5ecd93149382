// CamschedCapture
