# The store benchmark: JobService hot paths against a raw single-statement
# baseline through the same drivers. See bench/README.md; run it with
# scripts/bench.sh (throwaway PostgreSQL 15, fsync on, release build).
add_executable(jobdesk-bench-store ${CMAKE_CURRENT_LIST_DIR}/bench_store.cpp)
target_link_libraries(jobdesk-bench-store PRIVATE JobDesk::service PkgConfig::PQXX Qt6::Core Qt6::Sql JobDesk::options)
