package org.thordb.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the catalog's rows (records of numbers, strings, records and lists of them, as Jackson's
 * databind writes them) with Jackson's streaming parser. Every process reads the catalog before
 * its first answer, and making a databind mapper and its record deserializers took 0.15 s of
 * each one-shot command; this reads the same JSON in a hundredth of that. The rows are still
 * written by databind (imports run long); a test reads random rows both ways.
 *
 * <p>Usage: {@code FileRow f = RecordJson.read(bytes, FileRow.class);}
 */
final class RecordJson {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ConcurrentHashMap<Class<?>, Shape> SHAPES = new ConcurrentHashMap<>();

    private RecordJson() {
    }

    /**
     * The record a JSON object encodes: components by name, a missing one null (0 or false for a
     * primitive), as databind reads records.
     *
     * @throws IOException on JSON that is not such an object, or a name the record has not
     */
    static <T extends Record> T read(byte[] json, Class<T> type) throws IOException {
        try (JsonParser p = FACTORY.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            T out = type.cast(object(p, type));
            if (p.nextToken() != null) {
                throw new IOException("more after the object, at " + p.currentLocation().getCharOffset());
            }
            return out;
        }
    }

    /** A record's components and canonical constructor, found once. */
    private record Shape(String[] names, Type[] types, Class<?>[] raw, Constructor<?> make) {
        static Shape of(Class<?> type) {
            RecordComponent[] cs = type.getRecordComponents();
            String[] names = new String[cs.length];
            Type[] types = new Type[cs.length];
            Class<?>[] raw = new Class<?>[cs.length];
            for (int i = 0; i < cs.length; i++) {
                names[i] = cs[i].getName();
                types[i] = cs[i].getGenericType();
                raw[i] = cs[i].getType();
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(raw);
                c.setAccessible(true);
                return new Shape(names, types, raw, c);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }

        int index(String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** The record whose object the parser stands at the start of. */
    private static Object object(JsonParser p, Class<?> type) throws IOException {
        Shape s = SHAPES.computeIfAbsent(type, Shape::of);
        Object[] args = new Object[s.names.length];
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            if (t != JsonToken.FIELD_NAME) {
                throw new IOException("a name expected at " + p.currentLocation().getCharOffset());
            }
            String name = p.currentName();
            int i = s.index(name);
            if (i < 0) {
                throw new IOException("'" + name + "' is no field of " + type.getSimpleName());
            }
            p.nextToken();
            args[i] = value(p, s.types[i]);
        }
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null && s.raw[i].isPrimitive()) {
                args[i] = zero(s.raw[i]);
            }
        }
        try {
            return s.make.newInstance(args);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new IOException(type.getSimpleName() + " could not be made: " + e, e);
        }
    }

    /** The value the parser stands at, as a component of this type. */
    private static Object value(JsonParser p, Type type) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        Class<?> raw = type instanceof ParameterizedType pt ? (Class<?>) pt.getRawType() : (Class<?>) type;
        if (raw == int.class || raw == Integer.class) {
            return p.getIntValue();
        } else if (raw == long.class || raw == Long.class) {
            return p.getLongValue();
        } else if (raw == boolean.class || raw == Boolean.class) {
            if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                throw new IOException("true or false expected at " + p.currentLocation().getCharOffset());
            }
            return t == JsonToken.VALUE_TRUE;
        } else if (raw == double.class || raw == Double.class) {
            return p.getDoubleValue();
        } else if (raw == String.class) {
            if (t != JsonToken.VALUE_STRING) {
                throw new IOException("a string expected at " + p.currentLocation().getCharOffset());
            }
            return p.getText();
        } else if (raw == List.class && type instanceof ParameterizedType pt) {
            if (t != JsonToken.START_ARRAY) {
                throw new IOException("a list expected at " + p.currentLocation().getCharOffset());
            }
            List<Object> out = new ArrayList<>();
            for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                out.add(value(p, pt.getActualTypeArguments()[0]));
            }
            return out;
        } else if (raw.isRecord()) {
            if (t != JsonToken.START_OBJECT) {
                throw new IOException("an object expected at " + p.currentLocation().getCharOffset());
            }
            return object(p, raw);
        }
        throw new IOException("a " + raw.getSimpleName() + " is not read here");
    }

    private static Object zero(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        } else if (primitive == long.class) {
            return 0L;
        } else if (primitive == double.class) {
            return 0.0;
        }
        return 0;
    }
}
