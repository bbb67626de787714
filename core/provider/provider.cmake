# Provider clients, routes, the fake provider and contract validation; part of
# jobdesk_core (included from core/CMakeLists.txt).
target_sources(jobdesk_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Route.cpp ${CMAKE_CURRENT_LIST_DIR}/Route.h
  ${CMAKE_CURRENT_LIST_DIR}/PromptRender.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonSchema.cpp ${CMAKE_CURRENT_LIST_DIR}/JsonSchema.h
  ${CMAKE_CURRENT_LIST_DIR}/OutputCheck.cpp ${CMAKE_CURRENT_LIST_DIR}/OutputCheck.h
  ${CMAKE_CURRENT_LIST_DIR}/ProviderClient.h
  ${CMAKE_CURRENT_LIST_DIR}/ProviderRequest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OutcomeMapping.cpp ${CMAKE_CURRENT_LIST_DIR}/OutcomeMapping.h
  ${CMAKE_CURRENT_LIST_DIR}/OpenAiClient.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProviderFactory.cpp ${CMAKE_CURRENT_LIST_DIR}/ProviderFactory.h
  ${CMAKE_CURRENT_LIST_DIR}/FakeProvider.cpp ${CMAKE_CURRENT_LIST_DIR}/FakeProvider.h
  ${CMAKE_CURRENT_LIST_DIR}/ContractValidation.cpp ${CMAKE_CURRENT_LIST_DIR}/ContractValidation.h
)
