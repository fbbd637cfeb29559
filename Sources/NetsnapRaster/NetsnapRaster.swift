// NetsnapRaster: a small software rasterizer — pixmaps, paths, paints, anti-aliased
// coverage, gradients and dithering. It knows nothing of widgets, fonts or PNG files.
