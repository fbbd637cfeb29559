// NetsnapWidgets: the pure mapping from a snapshot to the small, medium and large widget
// models and the overall-status rules. It writes no bytes and reads no clock.
