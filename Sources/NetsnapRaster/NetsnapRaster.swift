// NetsnapRaster: a small software rasterizer — pixmaps, shapes, paints, anti-aliased
// coverage, premultiplied compositing, gradients, resampling, dithering and grey
// quantization. It knows nothing of widgets, fonts or PNG files, and does no I/O.
//
// Geometry (`Point`, `Rect`, `Shape`) is kept apart from pixels (`Pixmap`, `Mask`,
// `GrayImage`); paints are plain values. Every draw call takes what it needs —
// shape, paint, clip — explicitly; a pixmap holds no drawing state.
