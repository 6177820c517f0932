import AEMEmulator
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test that checks rendered images only where the emulator can load libvips; elsewhere it is skipped,
    /// saying why (the emulator then sends images as stored).
    public static var rendersImages: Self {
        .enabled(
            if: Emulator.imageRenderingUnavailableReason == nil,
            "libvips is not installed (Debian: apt-get install libvips42; macOS: brew install vips)")
    }
}
