// NetsnapResources: the files netsnap ships beside its code — the page templates and the
// sample snapshot — and where this process finds them at run time (ResourceLocation), for a
// build folder, a source install and the Debian package alike.
