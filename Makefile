# netsnap — the two commands of the README's quick start are `make demo` and `make test`.
SWIFT ?= swift

.PHONY: setup build release demo test test-swift test-python bench clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

# Render the embedded sample network into Output/.
demo: release
	.build/release/netsnap render

# The whole test suite: Swift tests, then the outside-client tests in Python.
test: test-swift test-python

test-swift: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test

test-python: build
	python3 -m pytest -q Tests/python

bench: release
	.build/release/netsnap bench

clean:
	rm -rf .build Output/*.json Output/*.html Output/tiles
