# The two front-door commands (see README.md):
#   make demo   installs what is missing, builds zuid with its vignette,
#               installs it into .lib/ and decodes real example IDs
#   make test   installs what is missing and runs the whole test suite
# and for working on zuid:
#   make check-fast  R CMD check without engines or vignette, and cargo test
#   make docs   regenerates man/ and NAMESPACE from the roxygen comments
#   make bench  times zuid against bit64 on 10 million IDs, and the cost
#               per ID of id_sql_generator()'s functions in PostgreSQL and
#               MariaDB (not a test)
#   make site   builds the pkgdown reference site into docs/ (not committed)
LIB = .lib

.PHONY: demo test check-fast docs bench bench-sql site setup install vendor wrappers clean

# From a built tarball, so that vignette("reading-ids") is found: make
# install (R CMD INSTALL of this directory) installs no vignettes.
demo: setup
	sh tools/install-built.sh $(LIB)
	R_LIBS="$(CURDIR)/$(LIB)" Rscript tools/demo.R

test:
	sh tools/setup.sh --engines --lint
	sh tools/check.sh

# The inner loop: the package's own tests (those of the engines skip) and
# the Rust tests, in a few minutes.
check-fast: setup
	sh tools/check.sh --fast

docs:
	sh tools/setup.sh --lint
	Rscript tools/roxygen.R

# Speed against bit64 and the memory bound, then against polars, numpy and
# DuckDB (from PyPI in .venv: setup.sh --bench), UUIDv7 times against
# DuckDB's, then the in-database
# generators on throwaway servers (bench/sql-generator.sh starts and stops
# them); not part of make test. bench comes from tools/setup.sh
# (r-cran-bench), not from DESCRIPTION. make bench-sql runs the second part
# alone.
bench: install
	R_LIBS="$(CURDIR)/$(LIB)" Rscript bench/bench.R
	R_LIBS="$(CURDIR)/$(LIB)" Rscript bench/links.R
	sh tools/setup.sh --bench
	R_LIBS="$(CURDIR)/$(LIB)" Rscript bench/versus.R
	R_LIBS="$(CURDIR)/$(LIB)" Rscript bench/versus-uuid.R
	R_LIBS="$(CURDIR)/$(LIB)" Rscript bench/mint-wide.R
	$(MAKE) bench-sql

bench-sql: install
	sh tools/setup.sh --engines
	R_LIBS="$(CURDIR)/$(LIB)" sh bench/sql-generator.sh

# The reference site, offline, from the zuid installed in .lib; make test
# builds and checks the same site in .check/site.
site: install
	R_LIBS="$(CURDIR)/$(LIB)" Rscript tools/site.R docs "$(CURDIR)/$(LIB)"

setup:
	sh tools/setup.sh

install: setup
	mkdir -p $(LIB)
	R CMD INSTALL --preclean --library=$(LIB) . > $(LIB)/install.log 2>&1 || \
	  { cat $(LIB)/install.log; exit 1; }
	@echo "installed zuid into $(LIB)/"

vendor:
	sh tools/vendor.sh

# After changing the #[extendr] functions: rewrites R/extendr-wrappers.R.
wrappers: install
	R_LIBS="$(CURDIR)/$(LIB)" Rscript tools/wrappers.R

clean:
	rm -rf $(LIB) .check .check-fast docs src/*.o src/*.so src/rust/target src/Makevars src/Makevars.win
