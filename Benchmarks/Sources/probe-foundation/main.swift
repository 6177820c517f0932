// A Swift process that loads Foundation (and its ICU data) and uses it once.
import Foundation

print(Date().timeIntervalSince1970 > 0 ? "probe" : "")
