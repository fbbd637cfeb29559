// NetsnapRender: from one snapshot to every output file — widgets, JSON feeds, badges, event
// feeds, pages and tiles (RenderPipeline, OutputRenderer) — and writing them atomically
// (AtomicFileWriter: a temporary file renamed into place, unchanged files left alone). The
// renderers it calls are pure; the writing happens here.
