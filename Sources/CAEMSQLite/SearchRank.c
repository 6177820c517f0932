#include "CAEMSQLite.h"

static void aem_rank(
    const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count, sqlite3_value **weights) {
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double score = 0;
    for (int index = 0; index < instances; index++) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, index, &phrase, &column, &offset);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        score += column < count ? sqlite3_value_double(weights[column]) : 1.0;
    }
    sqlite3_result_double(context, -score);
}

int csqlite_register_search_rank(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (api == 0 || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "aem_rank", 0, aem_rank, 0);
}
