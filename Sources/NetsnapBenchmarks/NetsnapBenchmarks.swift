// NetsnapBenchmarks: the measurements `netsnap bench` prints — decode → widgets → JSON at
// growing network sizes, and the pages — kept apart from the application, which only runs
// them and prints their tables.
