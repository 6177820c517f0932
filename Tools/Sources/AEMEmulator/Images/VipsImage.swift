import Foundation
import VipsShim

/// One libvips image reference, released when the last Swift reference goes.
final class VipsImage {
    private let pointer: OpaquePointer

    /// Takes over the reference `pointer` holds.
    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { vips_shim_release(pointer) }

    var width: Int { Int(vips_shim_width(pointer)) }
    var height: Int { Int(vips_shim_height(pointer)) }

    /// The image an operation makes of this one.
    func map(_ operation: (OpaquePointer) -> OpaquePointer?) throws(ImageRenderingFailure) -> VipsImage {
        guard let result = operation(pointer) else {
            throw ImageRenderingFailure.fromVips("libvips could not change the image")
        }
        return VipsImage(result)
    }

    func encoded(_ encoding: VipsShimEncoding, quality: Int) throws(ImageRenderingFailure) -> Data {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard vips_shim_save(pointer, encoding, Int32(quality), &bytes, &length) == 0, let bytes else {
            throw ImageRenderingFailure.fromVips("libvips could not write the image")
        }
        defer { vips_shim_free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}
