print("wknd")
