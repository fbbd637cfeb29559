print("netsnap")
