// NetsnapAvahi: finding a NetMonitor agent (_netmon._tcp) and advertising the dashboard over
// mDNS through Avahi's client library, opened on first use (LazyLibrary), so netsnap runs
// where libavahi-client3 or the daemon is missing and says so.
