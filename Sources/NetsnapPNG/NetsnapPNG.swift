// NetsnapPNG: pixmaps and grey images to PNG bytes through libpng, in memory, and PNG
// bytes back to pixels for tests and tools. It does no file I/O and draws nothing.
//
// All libpng calls (and so all unsafe pointer code of the PNG side) live in
// `LibPNGWriter` and `PNGDecoder`; everything else here is plain Swift.
