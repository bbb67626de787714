# The dispatcher at provider scale (bench/README.md, "Dispatcher"); run it
# with scripts/bench-dispatch.sh.
add_executable(jobdesk-bench-dispatch ${CMAKE_CURRENT_LIST_DIR}/bench_dispatch.cpp)
target_link_libraries(jobdesk-bench-dispatch PRIVATE JobDesk::http JobDesk::testing JobDesk::options)
