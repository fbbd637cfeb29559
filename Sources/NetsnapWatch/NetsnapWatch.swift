// NetsnapWatch: the watch loop as a service — read a snapshot (file, stream, live link,
// gatherer), record it in the history, render and write the outputs, hand the frame to push,
// every interval; its state folder (lock, installation id) and its health for `serve`.
