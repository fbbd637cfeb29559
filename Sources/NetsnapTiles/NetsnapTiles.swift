// NetsnapTiles: widget models → a small tree of layout nodes → a pixmap → PNG bytes,
// in three sizes, three scales, dark/light/night themes and e-ink display profiles.
//
// Rendering is a pure function of its inputs: the widget set, a request, the render
// time and the fonts. It reads no clock, no environment and no files, and writes none:
// saving tiles is the build pipeline's job. Layout happens in points; drawing converts
// to pixels at the request's scale, so text and shapes are rasterized at their final
// size and never scaled as bitmaps.
