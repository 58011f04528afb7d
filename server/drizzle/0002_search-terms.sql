-- Keeps search_terms holding every word of every product's search vector, so a
-- misspelt search word can be matched to real words by trigram similarity (D24).
CREATE FUNCTION products_remember_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT unnest(tsvector_to_array(NEW.search_vector))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms
AFTER INSERT OR UPDATE OF title, description, category, gender ON products
FOR EACH ROW EXECUTE FUNCTION products_remember_search_terms();
