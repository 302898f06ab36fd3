# make report: run the benchmark scenarios (suite: bench) and write
# results/<stamp>/report.md with SVG plots beside it, bench.json, and the
# same tables on the terminal (tests/report.py; Debian's python3-matplotlib,
# hence /usr/bin/python3).
#   BASE=results/<older>      add a ratio column against that run, flag >10% regressions
#   RESULTS=results/<stamp>   report on an existing run instead of running
#   REPORT_ONLY=regex         which bench scenarios to run (default: all ^bench-)
#   REPORT_JOBS=n             scenarios run at once (default 1: timings need quiet CPUs)
REPORT_PYTHON ?= /usr/bin/python3
REPORT_ONLY   ?= ^bench-
REPORT_JOBS   ?= 1

report: deps
ifeq ($(RESULTS),)
	@$(MAKE) --no-print-directory all
	$(REPORT_PYTHON) tests/report.py --run --only '$(REPORT_ONLY)' --jobs $(REPORT_JOBS) --python $(PYTHON) $(if $(BASE),--base $(BASE))
else
	$(REPORT_PYTHON) tests/report.py --results $(RESULTS) $(if $(BASE),--base $(BASE))
endif

# Host test of the report's parsing, tables and regression flags (fake results).
$(B)/host/test_report.sh: tests/host/test_report.py tests/report.py
	@mkdir -p $(B)/host
	printf '#!/bin/sh\nexec $(REPORT_PYTHON) tests/host/test_report.py "$$@"\n' > $@
	chmod +x $@

HOST_TESTS += $(B)/host/test_report.sh

.PHONY: report
