import GRDB

/// The tables of the cache file, created and upgraded by GRDB's migrator.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // One row per request URL and credential identity. `size` is what counts towards the
            // size limit (body and headers); `last_used` orders least-recently-used eviction.
            try db.execute(
                sql: """
                    CREATE TABLE response (
                        id INTEGER PRIMARY KEY,
                        identity TEXT NOT NULL,
                        url TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        headers TEXT NOT NULL,
                        body BLOB NOT NULL,
                        size INTEGER NOT NULL,
                        stored_at DOUBLE NOT NULL,
                        last_used DOUBLE NOT NULL,
                        UNIQUE (identity, url)
                    );
                    CREATE INDEX response_last_used ON response (last_used);
                    -- What each recent run of a program found in the cache, for the hit ratio.
                    CREATE TABLE run (
                        id INTEGER PRIMARY KEY,
                        finished_at DOUBLE NOT NULL,
                        hits INTEGER NOT NULL,
                        revalidated INTEGER NOT NULL,
                        misses INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2") { db in
            // Eviction adds up `size` in `last_used` order. With this covering index it reads the
            // index alone; before, it read every row, bodies included: the whole file on each store.
            try db.execute(
                sql: """
                    DROP INDEX response_last_used;
                    CREATE INDEX response_lru ON response (last_used, id, size);
                    """)
        }
        migrator.registerMigration("v3") { db in
            // What each answer holds (`cf:<path>`, `cf-id:<id>`, `model:<name>`), so that a content event finds the
            // answers it makes stale; and the mark of the change that made one stale, until it is fetched again.
            try db.execute(
                sql: """
                    ALTER TABLE response ADD COLUMN change_mark TEXT;
                    CREATE TABLE response_tag (
                        response_id INTEGER NOT NULL REFERENCES response (id) ON DELETE CASCADE,
                        tag TEXT NOT NULL
                    );
                    CREATE INDEX response_tag_tag ON response_tag (tag);
                    CREATE INDEX response_tag_response ON response_tag (response_id);
                    """)
        }
        return migrator
    }
}
