# The console's queries at a million jobs (bench/README.md, "The console at a
# million jobs"); run it with scripts/bench-console.sh.
add_executable(jobdesk-bench-console ${CMAKE_CURRENT_LIST_DIR}/bench_console.cpp)
target_link_libraries(jobdesk-bench-console PRIVATE JobDesk::live Qt6::Core JobDesk::options)
