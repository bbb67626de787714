# The HTTP API of jobdesk-server (core/http/); part of jobdesk_core (included
# from core/CMakeLists.txt). Our own request framer on a QTcpServer (Qt
# Network), handler threads with one JobService each; see ApiServer.h.
target_sources(jobdesk_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/HttpLogging.cpp ${CMAKE_CURRENT_LIST_DIR}/HttpLogging.h
  ${CMAKE_CURRENT_LIST_DIR}/HttpMessage.cpp ${CMAKE_CURRENT_LIST_DIR}/HttpMessage.h
  ${CMAKE_CURRENT_LIST_DIR}/Problem.cpp ${CMAKE_CURRENT_LIST_DIR}/Problem.h
  ${CMAKE_CURRENT_LIST_DIR}/RequestFramer.cpp ${CMAKE_CURRENT_LIST_DIR}/RequestFramer.h
  ${CMAKE_CURRENT_LIST_DIR}/ApiRequest.cpp ${CMAKE_CURRENT_LIST_DIR}/ApiRequest.h
  ${CMAKE_CURRENT_LIST_DIR}/TokenStore.cpp ${CMAKE_CURRENT_LIST_DIR}/TokenStore.h
  ${CMAKE_CURRENT_LIST_DIR}/ApiMetrics.cpp ${CMAKE_CURRENT_LIST_DIR}/ApiMetrics.h
  ${CMAKE_CURRENT_LIST_DIR}/ChangeNotifier.cpp ${CMAKE_CURRENT_LIST_DIR}/ChangeNotifier.h
  ${CMAKE_CURRENT_LIST_DIR}/HandlerPool.cpp ${CMAKE_CURRENT_LIST_DIR}/HandlerPool.h
  ${CMAKE_CURRENT_LIST_DIR}/ApiService.cpp ${CMAKE_CURRENT_LIST_DIR}/ApiService.h
  ${CMAKE_CURRENT_LIST_DIR}/HttpTransport.cpp ${CMAKE_CURRENT_LIST_DIR}/HttpTransport.h
  ${CMAKE_CURRENT_LIST_DIR}/ApiServer.cpp ${CMAKE_CURRENT_LIST_DIR}/ApiServer.h
)
