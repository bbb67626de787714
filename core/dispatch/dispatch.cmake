# The dispatcher, one file per role (core/dispatch/README.md, "Who owns
# what"); part of jobdesk_core (included from core/CMakeLists.txt).
target_sources(jobdesk_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Dispatcher.cpp ${CMAKE_CURRENT_LIST_DIR}/Dispatcher.h
  ${CMAKE_CURRENT_LIST_DIR}/DispatcherInternal.h
  ${CMAKE_CURRENT_LIST_DIR}/Sender.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlightKeeper.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Reaper.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Reconciler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Waker.cpp
)
