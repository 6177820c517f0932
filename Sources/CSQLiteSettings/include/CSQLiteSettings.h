#ifndef CSQLITESETTINGS_H
#define CSQLITESETTINGS_H

#include <sqlite3.h>

/// Whether closing `db`, when it is the last connection to its file, copies the write-ahead log
/// into the database file (SQLite's default, which flushes both to disk) or leaves the log for
/// the next connection to read. Returns an SQLite result code.
/// (sqlite3_db_config is variadic, which Swift cannot call.)
int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled);

#endif
