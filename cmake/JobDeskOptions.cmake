# One INTERFACE target carries the language standard, warnings and Qt
# strictness defines for every JobDesk target.
add_library(jobdesk_options INTERFACE)
add_library(JobDesk::options ALIAS jobdesk_options)
target_compile_features(jobdesk_options INTERFACE cxx_std_20)
target_compile_options(jobdesk_options INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual>)
target_compile_definitions(jobdesk_options INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_CONTEXTLESS_CONNECT
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
  QT_USE_QSTRINGBUILDER
  QT_NO_KEYWORDS
  QT_DISABLE_DEPRECATED_UP_TO=0x060400)

# Every file under resources/<folder> matching the globs, compiled into
# `target` as :/<prefix>/<path below the folder>; found by name at run time,
# so a new file needs no listing.
function(jobdesk_add_resource_folder target name folder prefix)
  set(root ${PROJECT_SOURCE_DIR}/resources/${folder})
  list(TRANSFORM ARGN PREPEND ${root}/ OUTPUT_VARIABLE globs)
  file(GLOB_RECURSE files CONFIGURE_DEPENDS RELATIVE ${root} ${globs})
  set(paths)
  foreach(f IN LISTS files)
    set_source_files_properties(${root}/${f} PROPERTIES QT_RESOURCE_ALIAS ${f})
    list(APPEND paths ${root}/${f})
  endforeach()
  qt_add_resources(${target} ${name} PREFIX ${prefix} FILES ${paths})
endfunction()
