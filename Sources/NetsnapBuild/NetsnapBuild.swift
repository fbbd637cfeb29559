// NetsnapBuild: the pipeline — load a snapshot, run every renderer, write Output/ atomically.
