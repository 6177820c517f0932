#ifndef CAEMSQLITE_H
#define CAEMSQLITE_H

#include <sqlite3.h>

/// Whether closing `db`, when it is the last connection to its file, copies the write-ahead log
/// into the database file (SQLite's default, which flushes both to disk) or leaves the log for
/// the next connection to read. Returns an SQLite result code.
/// (sqlite3_db_config is variadic, which Swift cannot call.)
int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled);

/// Registers the FTS5 ranking function `aem_rank(table, weight...)` on `db`: the sum, over every place a search
/// word occurs in a row, of its column's weight (the arguments after the table, 1 for a column without one),
/// negated so that `ORDER BY aem_rank(...)` lists the best first. Unlike bm25 it reads neither the lengths of the
/// documents nor how many hold each word, which for a word in a quarter of 100,000 rows is most of bm25's cost.
/// Returns an SQLite result code. (FTS5 hands out its API only as a pointer bound to a statement.)
int csqlite_register_search_rank(sqlite3 *db);

#endif
