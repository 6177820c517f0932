// A Swift process that loads only FoundationEssentials (URL, Data, JSONDecoder, Date; no ICU)
// and uses it once: what a program that never imports the full Foundation pays.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

print(Date().timeIntervalSince1970 > 0 ? "probe" : "")
