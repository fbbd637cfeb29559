# Convenience targets; the README's quick start uses scripts/demo.sh and scripts/test.sh,
# which need nothing but bash and Swift.
.PHONY: setup demo test bench install clean

setup:
	@bash scripts/setup.sh

demo:
	bash scripts/demo.sh

test:
	bash scripts/test.sh

bench:
	bash scripts/setup.sh --runtime && swift build -c release && .build/release/netsnap bench

install:
	bash scripts/install.sh $(PREFIX)

clean:
	rm -rf .build Output/*.json Output/*.html Output/tiles Output/.netsnap
