// NetsnapPNG: pixmap ↔ PNG bytes through libpng, in memory. It does no file I/O.
