// NetsnapCompression: zlib-format compression and decompression through libdeflate, opened on
// first use (LazyLibrary): the history keeps its snapshot archives compressed. Bytes in,
// bytes out; no I/O.
