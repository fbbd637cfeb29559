// NetsnapSites: the wall of sites (`watch --sites`). It follows the sites publishing to a
// broker (NetsnapPush's SiteFeed), judges each one strictly (SiteBoard: states, names, the
// wall's own connection), turns changes into events (SiteTransitions: nothing from a broker
// restart, each loss once) and writes sites.json, sites.html, the wall's tiles and feeds, and
// every site's own outputs in its folder. Everything a site sends is hostile.
