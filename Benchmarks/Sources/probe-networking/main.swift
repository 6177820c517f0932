// A Swift process that loads FoundationNetworking (URLSession, and libcurl with its own libraries) as AEMHeadless does
// for URLSessionTransport, without sending anything.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

print(URLSessionConfiguration.ephemeral.timeoutIntervalForRequest > 0 ? "probe" : "")
