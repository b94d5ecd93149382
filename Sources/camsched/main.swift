print("camsched")
