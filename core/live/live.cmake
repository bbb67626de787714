# Live reads for the console (core/live/): the attempts of a page of jobs in
# one query, and a PostgreSQL LISTEN for the
# coalesced "jobdesk_changed" wake-ups (one channel per schema,
# ChangeChannel.h). Part of jobdesk_core (included from
# core/CMakeLists.txt); read-only, never writes.
target_sources(jobdesk_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/LiveQueries.cpp ${CMAKE_CURRENT_LIST_DIR}/LiveQueries.h
  ${CMAKE_CURRENT_LIST_DIR}/ChangeChannel.cpp ${CMAKE_CURRENT_LIST_DIR}/ChangeChannel.h
  ${CMAKE_CURRENT_LIST_DIR}/ChangeListener.cpp ${CMAKE_CURRENT_LIST_DIR}/ChangeListener.h
)
