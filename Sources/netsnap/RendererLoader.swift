import ArgumentParser
import NetsnapBuild
import NetsnapPages
import NetsnapText

/// Loads the renderers (fonts and templates) once per process; a missing font or a broken
/// template exits with status 4 and names what is wrong.
enum RendererLoader {
    static func make(_ configuration: NetsnapConfiguration, pages: Bool = true) throws -> OutputRenderer {
        do {
            return try OutputRenderer.make(configuration: configuration, pages: pages)
        } catch let error as FontError {
            StandardError.print("error: \(error.description) (install fonts-inter and fonts-dejavu-core, or set tiles.font)")
            throw ExitStatus.renderFailed
        } catch {
            StandardError.print("error: \(error)")
            throw ExitStatus.renderFailed
        }
    }
}
