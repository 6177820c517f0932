// A Swift process that links no Foundation: the floor of a Swift command's start-up.
print("probe")
