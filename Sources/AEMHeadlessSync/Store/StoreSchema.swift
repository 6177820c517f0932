import AEMHeadless
import GRDB

/// The tables of a synced folder's database, created and upgraded by GRDB's migrator.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    -- What the folder mirrors (key 'source'): one source per folder.
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    -- One row per fragment. A fragment keeps its id when it moves (same slug, new path).
                    -- `json` is the item as AEM sent it (member order and number text kept), `content_hash` its
                    -- SHA-256; `list_hash` is that of its entry in the list query, which decides whether the
                    -- item must be read again. `seen_run` is the last run that found it, `read_run` the last that
                    -- read it in full.
                    CREATE TABLE fragment (
                        id INTEGER PRIMARY KEY,
                        path TEXT NOT NULL,
                        slug TEXT,
                        model TEXT,
                        json BLOB NOT NULL,
                        content_hash TEXT NOT NULL,
                        list_hash TEXT NOT NULL,
                        first_seen DOUBLE NOT NULL,
                        last_seen DOUBLE NOT NULL,
                        last_changed DOUBLE NOT NULL,
                        seen_run INTEGER NOT NULL,
                        read_run INTEGER NOT NULL,
                        stale INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX fragment_path ON fragment (path);
                    CREATE INDEX fragment_slug ON fragment (slug);
                    -- The fragments each one's full JSON shows (its `_references`): when one of them changes, moves,
                    -- appears or goes, the fragment is marked `stale` and read again before the run ends, unless
                    -- it was read in full in the same run (after the change).
                    CREATE TABLE fragment_reference (
                        fragment_id INTEGER NOT NULL REFERENCES fragment (id) ON DELETE CASCADE,
                        path TEXT NOT NULL,
                        PRIMARY KEY (fragment_id, path)
                    );
                    CREATE INDEX fragment_reference_path ON fragment_reference (path);
                    -- The images on disk: `location` is the _dynamicUrl (else _path) AEM sent, `file` the name
                    -- in images/, `source`, `etag`, `last_modified` and `length` what conditional GETs need.
                    CREATE TABLE image (
                        location TEXT PRIMARY KEY,
                        file TEXT NOT NULL,
                        source TEXT NOT NULL,
                        etag TEXT,
                        last_modified TEXT,
                        length INTEGER NOT NULL,
                        fetched_at DOUBLE NOT NULL
                    );
                    -- Which fragment shows which image; an image no fragment shows is deleted after a run.
                    CREATE TABLE fragment_image (
                        fragment_id INTEGER NOT NULL REFERENCES fragment (id) ON DELETE CASCADE,
                        location TEXT NOT NULL,
                        PRIMARY KEY (fragment_id, location)
                    );
                    CREATE INDEX fragment_image_location ON fragment_image (location);
                    -- The validators of each page of the list, by the cursor it was asked with ('' for the
                    -- first), with the fragments it held and the cursor of the next page.
                    CREATE TABLE page (
                        cursor TEXT PRIMARY KEY,
                        etag TEXT,
                        last_modified TEXT,
                        next_cursor TEXT,
                        fragment_ids TEXT NOT NULL,
                        run INTEGER NOT NULL
                    );
                    -- Each run; one without `finished_at` was interrupted and is resumed from `cursor`.
                    CREATE TABLE run (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        started_at DOUBLE NOT NULL,
                        finished_at DOUBLE,
                        cursor TEXT,
                        pages INTEGER NOT NULL DEFAULT 0
                    );
                    """)
        }
        migrator.registerMigration("v2") { db in
            // The last run that handled each image (asked the server about it, or found it on disk):
            // a run handles an image once, however many pages show it.
            try db.execute(sql: "ALTER TABLE image ADD COLUMN checked_run INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v3") { db in
            // The locale of each fragment's language copy (BCP 47, `de-CH`), from the folder of its path named
            // by a locale code; null for a fragment in no language copy. Two copies of one adventure share a
            // slug: a slug identifies a fragment within its locale.
            try db.execute(sql: "ALTER TABLE fragment ADD COLUMN locale TEXT")
            try db.execute(sql: "CREATE INDEX fragment_locale_slug ON fragment (locale, slug)")
            for row in try Row.fetchAll(db, sql: "SELECT id, path FROM fragment") {
                let path: String = row["path"]
                try db.execute(
                    sql: "UPDATE fragment SET locale = ? WHERE id = ?",
                    arguments: [StoreSchema.locale(ofPath: path), row["id"] as Int64])
            }
        }
        migrator.registerMigration("v4") { db in
            // The change log a reader follows (`ContentStore.changes()`), and the full-text index
            // (`fragment_search`, FTS5, rowid = fragment id), both kept by triggers in the transaction that
            // changes a fragment, whichever process writes. The log keeps the last `changeLogCapacity` entries.
            // `aem_search_title` and `aem_search_body` are `SearchText`'s functions, registered by `StoreDatabase`.
            let now = "(julianday('now') - 2440587.5) * 86400.0"
            let index = "INSERT INTO fragment_search (rowid, title, body)"
            try db.execute(
                sql: """
                    CREATE TABLE fragment_change (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        path TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        locale TEXT,
                        model TEXT,
                        at DOUBLE NOT NULL
                    );
                    CREATE TRIGGER fragment_change_trim AFTER INSERT ON fragment_change BEGIN
                        DELETE FROM fragment_change WHERE seq <= new.seq - \(changeLogCapacity);
                    END;
                    CREATE VIRTUAL TABLE fragment_search USING fts5 (
                        title, body, tokenize = 'unicode61 remove_diacritics 2'
                    );
                    \(index) SELECT id, aem_search_title(json), aem_search_body(json) FROM fragment;
                    CREATE TRIGGER fragment_added AFTER INSERT ON fragment BEGIN
                        INSERT INTO fragment_change (path, kind, locale, model, at)
                            VALUES (new.path, 'added', new.locale, new.model, \(now));
                        \(index) VALUES (new.id, aem_search_title(new.json), aem_search_body(new.json));
                    END;
                    CREATE TRIGGER fragment_changed AFTER UPDATE OF json, path ON fragment
                    WHEN new.path = old.path AND new.content_hash IS NOT old.content_hash BEGIN
                        INSERT INTO fragment_change (path, kind, locale, model, at)
                            VALUES (new.path, 'changed', new.locale, new.model, \(now));
                        DELETE FROM fragment_search WHERE rowid = old.id;
                        \(index) VALUES (new.id, aem_search_title(new.json), aem_search_body(new.json));
                    END;
                    CREATE TRIGGER fragment_moved AFTER UPDATE OF json, path ON fragment
                    WHEN new.path != old.path BEGIN
                        INSERT INTO fragment_change (path, kind, locale, model, at)
                            VALUES (old.path, 'removed', old.locale, old.model, \(now));
                        INSERT INTO fragment_change (path, kind, locale, model, at)
                            VALUES (new.path, 'added', new.locale, new.model, \(now));
                        DELETE FROM fragment_search WHERE rowid = old.id;
                        \(index) VALUES (new.id, aem_search_title(new.json), aem_search_body(new.json));
                    END;
                    CREATE TRIGGER fragment_removed AFTER DELETE ON fragment BEGIN
                        INSERT INTO fragment_change (path, kind, locale, model, at)
                            VALUES (old.path, 'removed', old.locale, old.model, \(now));
                        DELETE FROM fragment_search WHERE rowid = old.id;
                    END;
                    CREATE INDEX fragment_model ON fragment (model);
                    """)
        }
        return migrator
    }

    /// How many entries the change log keeps: a reader further behind is told it missed some (`.overflow`).
    static let changeLogCapacity = 10_000

    /// What the `locale` column holds for a fragment at `path`.
    static func locale(ofPath path: String) -> String? {
        ContentLocale(ofPath: path)?.identifier
    }
}
