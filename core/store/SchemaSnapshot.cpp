// schemaSnapshot(): the schema a session sees, as sorted text lines, read
// from the catalogs (PostgreSQL) or sqlite_master and its pragmas (SQLite).

#include "Migrations.h"

#include <QStringList>

namespace jobdesk {
namespace {

// PostgreSQL: one query per kind of object in the current schema. Names of
// objects in the search path print unqualified; the schema's name, where it
// shows (function bodies, a pinned search_path), becomes @schema@.
const char *kPgSnapshot[] = {
    // Enum types and domains.
    "SELECT 'type ' || t.typname || ' enum (' || string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) || ')' "
    "FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = current_schema()::regnamespace "
    "GROUP BY t.typname",
    "SELECT 'domain ' || t.typname || ' ' || format_type(t.typbasetype, t.typtypmod) || CASE WHEN t.typnotnull THEN "
    "' not null' ELSE '' END || coalesce(' ' || (SELECT string_agg(pg_get_constraintdef(c.oid), ' ' ORDER BY c.conname) "
    "FROM pg_constraint c WHERE c.contypid = t.oid), '') "
    "FROM pg_type t WHERE t.typtype = 'd' AND t.typnamespace = current_schema()::regnamespace",
    "SELECT 'sequence ' || sequencename || ' ' || data_type || ' start ' || start_value || ' increment ' || increment_by "
    "|| ' cache ' || cache_size || CASE WHEN cycle THEN ' cycle' ELSE '' END FROM pg_sequences WHERE schemaname = current_schema()",
    // Tables and views, their columns in order, constraints and options.
    "SELECT CASE c.relkind WHEN 'v' THEN 'view ' ELSE 'table ' END || c.relname || coalesce(' with ' || "
    "array_to_string(c.reloptions, ', '), '') || CASE WHEN c.relkind = 'v' THEN ': ' || "
    "regexp_replace(pg_get_viewdef(c.oid), '\\s+', ' ', 'g') ELSE '' END "
    "FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v')",
    "SELECT 'table ' || c.relname || ' column ' || lpad(a.attnum::text, 3, '0') || ' ' || a.attname || ' ' || "
    "format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END || "
    "CASE a.attidentity WHEN 'd' THEN ' identity by default' WHEN 'a' THEN ' identity always' ELSE '' END || "
    "coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || "
    "CASE WHEN a.attcollation <> 0 AND a.attcollation <> t.typcollation THEN ' collate ' || "
    "(SELECT collname FROM pg_collation WHERE oid = a.attcollation) ELSE '' END "
    "FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid JOIN pg_type t ON t.oid = a.atttypid "
    "LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum "
    "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 "
    "AND NOT a.attisdropped",
    "SELECT 'table ' || c.relname || ' constraint ' || k.conname || ' ' || pg_get_constraintdef(k.oid) "
    "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid WHERE c.relnamespace = current_schema()::regnamespace",
    "SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()",
    // The order a table's indexes were made in: of two that cost the same the
    // planner takes the newer (tst_hot_paths::aReplayLooksItsKeyUpByTheUniqueIndexEvenBeforeStatistics).
    "SELECT 'table ' || t.relname || ' index order ' || string_agg(c.relname, ', ' ORDER BY c.oid) "
    "FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid "
    "WHERE t.relnamespace = current_schema()::regnamespace GROUP BY t.relname",
    "SELECT 'trigger ' || t.tgname || CASE t.tgenabled WHEN 'D' THEN ' (disabled) ' ELSE ' ' END || "
    "pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
    "WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal",
    // Functions: signature and properties; the body as a digest.
    "SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') returns ' || "
    "pg_get_function_result(p.oid) || ' language ' || l.lanname || CASE WHEN p.prosecdef THEN ' security definer' "
    "ELSE '' END || ' ' || p.provolatile::text || coalesce(' set ' || replace(array_to_string(p.proconfig, ', '), "
    "quote_ident(current_schema()), '@schema@'), '') "
    "FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = current_schema()::regnamespace",
    "SELECT 'function-body ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || "
    "md5(replace(p.prosrc, quote_ident(current_schema()) || '.', '@schema@.')) "
    "FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace",
    // Grants to others than the owner.
    "SELECT 'grant ' || a.privilege_type || ' on ' || c.relname || ' to ' || CASE WHEN a.grantee = 0 THEN 'PUBLIC' "
    "ELSE a.grantee::regrole::text END FROM pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a "
    "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'S') AND a.grantee <> c.relowner",
    "SELECT 'grant ' || a.privilege_type || ' on function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) "
    "|| ') to ' || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END "
    "FROM pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a "
    "WHERE p.pronamespace = current_schema()::regnamespace AND a.grantee <> p.proowner",
    "SELECT 'grant ' || a.privilege_type || ' on schema to ' || CASE WHEN a.grantee = 0 THEN 'PUBLIC' "
    "ELSE a.grantee::regrole::text END FROM pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a "
    "WHERE n.oid = current_schema()::regnamespace AND a.grantee <> n.nspowner",
};

// SQL text without comments and with white space folded, string literals
// and quoted names kept as written.
QString normalisedSql(const QString &sql)
{
    QString out;
    bool space = false;
    for (qsizetype i = 0; i < sql.size(); ++i) {
        const QChar c = sql.at(i);
        if (c == u'\'' || c == u'"' || c == u'`' || c == u'[') {
            const QChar close = c == u'[' ? QChar(u']') : c;
            if (space && !out.isEmpty())
                out += u' ';
            space = false;
            qsizetype j = i + 1;
            while (j < sql.size() && sql.at(j) != close)
                ++j;
            out += sql.mid(i, j - i + 1);
            i = j;
        } else if (c == u'-' && i + 1 < sql.size() && sql.at(i + 1) == u'-') {
            while (i < sql.size() && sql.at(i) != u'\n')
                ++i;
            space = true;
        } else if (c.isSpace()) {
            space = true;
        } else {
            if (space && !out.isEmpty() && c != u')' && c != u',' && !out.endsWith(u'('))
                out += u' ';
            space = false;
            out += c;
        }
    }
    return out;
}

// The top-level items of "CREATE TABLE t (item, item, ...)": columns and
// table constraints, in any order (ALTER TABLE ADD COLUMN writes a column
// where a CREATE TABLE would not).
QStringList tableItems(const QString &normalised)
{
    QStringList items;
    const qsizetype open = normalised.indexOf(u'(');
    if (open < 0)
        return items;
    int depth = 0;
    QString current;
    for (qsizetype i = open + 1; i < normalised.size(); ++i) {
        const QChar c = normalised.at(i);
        if (c == u'\'' || c == u'"') {
            const qsizetype j = normalised.indexOf(c, i + 1);
            current += normalised.mid(i, j - i + 1);
            i = j;
            continue;
        }
        if (c == u'(')
            ++depth;
        if (c == u')' && depth-- == 0) {
            items.append(current.trimmed());
            current.clear();
            break;
        }
        if (c == u',' && depth == 0) {
            items.append(current.trimmed());
            current.clear();
            continue;
        }
        current += c;
    }
    return items;
}

QStringList sqliteSnapshot(SqlSession &session)
{
    QStringList lines;
    const SqlRows objects = session.exec(
        QStringLiteral("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"));
    for (const SqlRow &o : objects) {
        const QString type = o.at(0).toString();
        const QString name = o.at(1).toString();
        const QString sql = normalisedSql(o.at(3).toString());
        if (type != QStringLiteral("table")) {
            lines.append(QStringLiteral("%1 %2 on %3: %4").arg(type, name, o.at(2).toString(), sql));
            continue;
        }
        lines.append(QStringLiteral("table ") + name);
        for (const QString &item : tableItems(sql))
            lines.append(QStringLiteral("table %1 item %2").arg(name, item));
        const SqlRows columns = session.exec(
            QStringLiteral("SELECT cid, name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo($1)"), {name});
        for (const SqlRow &c : columns)
            lines.append(QStringLiteral("table %1 column %2 %3 %4 notnull=%5 default=%6 pk=%7 hidden=%8")
                             .arg(name, c.at(0).toString().rightJustified(3, u'0'), c.at(1).toString(), c.at(2).toString(),
                                  c.at(3).toString(), c.at(4).isNull() ? QStringLiteral("none") : c.at(4).toString(),
                                  c.at(5).toString(), c.at(6).toString()));
    }
    return lines;
}

} // namespace

QString schemaSnapshot(SqlSession &session)
{
    QStringList lines;
    if (session.dialect() == Dialect::Postgres) {
        // Index and trigger definitions name their table with its schema.
        const QString qualifier = session.exec(QStringLiteral("SELECT quote_ident(current_schema()) || '.'")).first().first().toString();
        for (const char *query : kPgSnapshot)
            for (const SqlRow &row : session.exec(QString::fromLatin1(query)))
                lines.append(row.first().toString().replace(qualifier, QString()));
    } else {
        lines = sqliteSnapshot(session);
    }
    std::sort(lines.begin(), lines.end());
    return lines.join(u'\n') + u'\n';
}

} // namespace jobdesk
