// NetsnapQR: QR codes for pages and tiles through libqrencode, opened on first use
// (LazyLibrary), as a QRMatrix of modules that renderers draw themselves. Pure: text in,
// matrix out.
