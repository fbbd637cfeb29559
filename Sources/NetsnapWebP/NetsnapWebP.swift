// NetsnapWebP: lossless WebP for LED matrices and Tronbyt through libwebp, opened on first
// use (LazyLibrary). Pixels in, bytes out.
