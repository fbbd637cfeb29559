import NetsnapConfiguration
import NetsnapPages
import NetsnapRender
import NetsnapText
import NetsnapWatch

/// Loads the renderers (fonts and templates) once per process; a missing font or a broken
/// template exits with status 4 and names what is wrong.
enum RendererLoader {
    static func make(_ configuration: Configuration, pages: Bool = true) throws(ApplicationFailure) -> OutputRenderer {
        do {
            return try OutputRenderer.make(settings: configuration.render, pages: pages)
        } catch let error as FontError {
            throw ApplicationFailure(
                .renderFailed, "error: \(error.description) (install fonts-inter and fonts-dejavu-core, or set tiles.font)")
        } catch {
            throw ApplicationFailure(.renderFailed, "error: \(error)")
        }
    }
}
