#ifndef CSQLITESEARCH_H
#define CSQLITESEARCH_H

#include <sqlite3.h>

/// Registers the FTS5 ranking function `aem_rank(table, weight...)` on `db`: the sum, over every place a search
/// word occurs in a row, of its column's weight (the arguments after the table, 1 for a column without one),
/// negated so that `ORDER BY aem_rank(...)` lists the best first. Unlike bm25 it reads neither the lengths of the
/// documents nor how many hold each word, which for a word in a quarter of 100,000 rows is most of bm25's cost.
/// Returns an SQLite result code. (FTS5 hands out its API only as a pointer bound to a statement.)
int csqlite_register_search_rank(sqlite3 *db);

#endif
