import ArgumentParser
import NetsnapBuild
import NetsnapPages
import NetsnapText

/// Loads the renderers (fonts and templates) once per process; a missing font or a broken
/// template exits with status 4 and names what is wrong.
enum RendererLoader {
    static func make(_ configuration: NetsnapConfiguration) throws -> OutputRenderer {
        do {
            return try OutputRenderer.make(configuration: configuration)
        } catch let error as FontError {
            StandardError.print("error: \(error.description) (install fonts-inter and fonts-dejavu-core, or set tiles.font)")
            throw ExitStatus.renderFailed
        } catch {
            StandardError.print("error: \(error)")
            throw ExitStatus.renderFailed
        }
    }
}
