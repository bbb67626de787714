# The console's queries at a million jobs (bench/README.md, "The console at a
# million jobs"); run it with scripts/bench-console.sh.
add_executable(jobdesk-bench-console ${CMAKE_CURRENT_LIST_DIR}/bench_console.cpp ${CMAKE_CURRENT_LIST_DIR}/BenchSeed.h)
target_link_libraries(jobdesk-bench-console PRIVATE JobDesk::live Qt6::Core JobDesk::options)
# Retention on a big store under load (bench/README.md, "Retention"); run it
# with scripts/bench-retention.sh.
add_executable(jobdesk-bench-retention ${CMAKE_CURRENT_LIST_DIR}/bench_retention.cpp ${CMAKE_CURRENT_LIST_DIR}/BenchSeed.h)
target_link_libraries(jobdesk-bench-retention PRIVATE JobDesk::service Qt6::Core JobDesk::options)
