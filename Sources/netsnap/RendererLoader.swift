import ArgumentParser
import NetsnapBuild

/// Loads the renderers (fonts included) once per process; missing fonts exit with status 4.
enum RendererLoader {
    static func make(_ configuration: NetsnapConfiguration) throws -> OutputRenderer {
        do {
            return try OutputRenderer.make(configuration: configuration)
        } catch {
            StandardError.print("error: \(error.description) (install fonts-inter and fonts-dejavu-core, or set tiles.font)")
            throw ExitStatus.renderFailed
        }
    }
}
